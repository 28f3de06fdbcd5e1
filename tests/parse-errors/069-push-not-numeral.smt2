; expect: 2:7: expected a level count
(push x)
