; declare-fun overloaded by argument sorts, as z3 and cvc5 accept it: an
; application takes the declaration its argument sorts select.
(set-option :produce-models true)
(declare-fun CF_floor (Float64) Float64)
(declare-fun CF_floor (Float32) Float32)
(declare-const d Float64)
(declare-const s Float32)
(assert (= d ((_ to_fp 11 53) RNE 2.5)))
(assert (= s ((_ to_fp 8 24) RNE (- 2.5))))
(assert (= (CF_floor d) ((_ to_fp 11 53) RNE 2.0)))
(assert (= (CF_floor s) ((_ to_fp 8 24) RNE (- 3.0))))
(check-sat)
(get-value ((CF_floor d) (CF_floor s)))
; the name alone is ambiguous (z3 and cvc5 refuse it too)
(get-value (CF_floor))
; the same argument sorts again: an error that changes nothing
(declare-fun CF_floor (Float32) Float32)
(check-sat)
(get-value ((CF_floor s)))
; no declaration takes a Bool: the assert fails, so sat is in doubt
(assert (CF_floor true))
(check-sat)
