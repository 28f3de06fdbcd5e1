; Three path queries of a concolic executor over a 4-byte input k!0..k!3
; (the seed "ABCD" drove the path).  Each assert is one query
; (and b pi...): pi is the path so far (true on the seed), b the branch to
; flip.  ferret concolic --input SEED -o OUT examples/path.smt2
(declare-const k!0 (_ BitVec 8))
(declare-const k!1 (_ BitVec 8))
(declare-const k!2 (_ BitVec 8))
(declare-const k!3 (_ BitVec 8))
; 1: the little-endian word is 0xcafebabe, on the path k!0 = 'A' (cannot be)
(assert (and (= (concat k!3 (concat k!2 (concat k!1 k!0))) #xcafebabe) (= k!0 #x41)))
; 2: k!1 * 3 = 7 (mod 256), on the path k!0 = 'A'
(assert (and (= (bvmul k!1 #x03) #x07) (= k!0 #x41)))
; 3: the word read as a Float32 is above 1000.5, on the path k!0 = 'A'
(assert (and (fp.gt ((_ to_fp 8 24) (concat k!3 (concat k!2 (concat k!1 k!0))))
                    ((_ to_fp 8 24) RNE 1000.5))
             (= k!0 #x41)))
