; expect: 2:7: numeral
(push x)
