; expect: 4:14: ill-sorted application of 'bvadd'
(declare-fun x () (_ BitVec 8))
(declare-fun z () (_ BitVec 16))
(assert (= x (bvadd x z)))
