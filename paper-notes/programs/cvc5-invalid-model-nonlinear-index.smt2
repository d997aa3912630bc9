; cvc5 1.0.3 (Debian 12) answers sat with a model that falsifies the third assertion:
; `cvc5 cvc5-invalid-model-nonlinear-index.smt2` prints y = 0, x = 0, n = 2 and a constant array,
; so a[y*x] and a[n mod 2] are both a[0]; `cvc5 --check-models` stops with "ERRORS SATISFYING
; ASSERTIONS WITH MODEL".  The query is sat (z3 4.8.12: y = -2, x = -1, n = 4, a[2] = -1).
; Cut down from axioms_agree on case 1200 of `symref fuzz --seed 1 --level 1` (the program's
; `assume a[y * x] >= a[len(a) % 2]`, n standing for len(a)).  Dropping either bound, or the
; product or the mod from the indices, gives a valid model.  symref's validating layer
; (ModelCheckingSolver) rejects the model; cvc5's own getValue of the third assertion under the
; model is false as well, so the fault is cvc5's and the check answers unknown with that reason
; (Solver::backend_value: a solver's wrong model is an unknown answer, not a failure of symref's
; property axioms_agree).  Test
; Backend.AModelFalsifyingTheQueryIsCaughtByTheValidatingLayer.
(set-option :produce-models true)
(set-logic ALL)
(declare-const y Int)
(declare-const x Int)
(declare-const n Int)
(declare-const a (Array Int Int))
(assert (< (* y x) n))
(assert (< (mod n 2) n))
(assert (< (select a (* y x)) (select a (mod n 2))))
(check-sat)
(get-model)
