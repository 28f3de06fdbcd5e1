; expect: 4:9: ill-sorted application of 'xor'
(declare-fun x () (_ BitVec 8))
(declare-fun p () Bool)
(assert (xor p x))
