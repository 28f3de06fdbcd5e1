; expect: 4:1: value
(set-option :produce-models true)
(declare-fun p () Bool)
(get-value (p))
