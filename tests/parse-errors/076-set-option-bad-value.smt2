; expect: 2:29: produce-models
(set-option :produce-models maybe)
