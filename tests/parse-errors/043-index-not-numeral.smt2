; expect: 3:30: expected an index
(declare-fun x () (_ BitVec 8))
(assert (= x ((_ zero_extend p) x)))
