; expect: 2:44: unknown
(declare-fun p () Bool) (assert p) (assert w)
