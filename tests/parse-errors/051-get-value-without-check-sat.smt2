; expect: 4:1: get-value is only available
(set-option :produce-models true)
(declare-fun p () Bool)
(get-value (p))
