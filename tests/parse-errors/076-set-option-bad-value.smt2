; expect: 2:29: expected true or false
(set-option :produce-models maybe)
