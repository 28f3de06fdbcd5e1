; expect: 4:1: model
(set-option :produce-models true)
(declare-fun p () Bool)
(get-model)
