; expect: 3:9: assert expects a Bool term
(declare-fun a () (_ FloatingPoint 8 24))
(assert (fp #b0 #x00 #b00000000000000000000000))
