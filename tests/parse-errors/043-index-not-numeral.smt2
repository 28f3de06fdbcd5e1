; expect: 3:30: numeral
(declare-fun x () (_ BitVec 8))
(assert (= x ((_ zero_extend p) x)))
