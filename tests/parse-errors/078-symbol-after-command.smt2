; expect: 2:44: unknown symbol 'w'
(declare-fun p () Bool) (assert p) (assert w)
