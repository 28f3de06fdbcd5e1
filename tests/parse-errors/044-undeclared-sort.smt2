; expect: 2:19: unknown sort 'Foo'
(declare-fun x () Foo)
