; expect: 4:1: get-model is only available
(set-option :produce-models true)
(declare-fun p () Bool)
(get-model)
