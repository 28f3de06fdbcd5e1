; expect: 3:9: fp.isNaN
(declare-fun x () (_ BitVec 8))
(assert (fp.isNaN x))
