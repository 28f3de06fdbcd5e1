; expect: 2:19: sort
(declare-fun x () Foo)
