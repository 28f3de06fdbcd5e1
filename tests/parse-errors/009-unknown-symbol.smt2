; expect: 3:14: unknown symbol 'y'
(declare-fun x () (_ BitVec 8))
(assert (= x y))
