(assert (fp.isNaN ((_ to_fp 11 53) RNE 1.5 200000)))
