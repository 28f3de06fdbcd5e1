; expect: 4:12: ill-sorted application of 'bvcomp'
(declare-fun x () (_ BitVec 8))
(declare-fun z () (_ BitVec 16))
(assert (= (bvcomp x z) #b1))
