; expect: 4:12: concat
(declare-fun x () (_ BitVec 8))
(declare-fun p () Bool)
(assert (= (concat x p) #x0000))
