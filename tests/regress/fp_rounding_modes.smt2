; The five rounding modes, by short and long names, and a RoundingMode
; variable.  1 + 2^-24 is halfway between two Float32 values: 1 and its
; successor 1 + 2^-23 (#x3f800001).  RNE and RTZ, RTN give 1; RNA, RTP
; give the successor.
; expect: sat
; check: (= r RTP)
; check: (= (fp.add RNE one tiny) one)
; check: (= (fp.add roundNearestTiesToEven one tiny) one)
; check: (= (fp.add RNA one tiny) next)
; check: (= (fp.add roundNearestTiesToAway one tiny) next)
; check: (= (fp.add RTP one tiny) next)
; check: (= (fp.add roundTowardPositive one tiny) next)
; check: (= (fp.add RTN one tiny) one)
; check: (= (fp.add roundTowardNegative one tiny) one)
; check: (= (fp.add RTZ one tiny) one)
; check: (= (fp.add roundTowardZero one tiny) one)
(set-logic QF_FP)
(declare-const r RoundingMode)
(define-fun one () Float32 ((_ to_fp 8 24) RNE 1.0))
(define-fun tiny () Float32 ((_ to_fp 8 24) RNE 0.000000059604644775390625))
(define-fun next () Float32 ((_ to_fp 8 24) #x3f800001))
; of the modes that round up here, only RTP also rounds -1 - 2^-24 up
(assert (= (fp.add r one tiny) next))
(assert (= (fp.sub r (fp.neg one) tiny) (fp.neg one)))
(check-sat)
