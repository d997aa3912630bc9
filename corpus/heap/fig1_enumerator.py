#!/usr/bin/env python3
"""Goldens of Fig. 1 (corpus/heap/fig1_contains_N.sym) computed without symref.

Runs the recovered Fig. 1 by hand-translated Python over a lazily initialized input heap: every
first read of a reference slot (a global, or a field of an input object) branches into nil, a new
input object of the slot's class, and an alias to each input object of that class so far (§4).
Each run is one lazy leaf; lazy choices add only equalities and disequalities between input
references, so every leaf is feasible.  Branch letters follow docs/language.md#branch-letters: T/F at each `while` and
`if`, D (or E on nil) at each dereference.  The summary has one leaf per sequence (Corollary 8).

usage: fig1_enumerator.py ITEMS LOOP_BOUND   (prints one "runs" entry of the .heap.json)
"""
import json
import sys


class Bound(Exception):
    pass


class NilDereference(Exception):
    pass


def leaves(items, bound):
    """Yields (branches, outcome) for every lazy leaf."""
    # A state: letters so far, the heap (slot -> object or None), input objects per class.
    def choices(state, slot, cls):
        heap, objects = state["heap"], state["objects"]
        if slot in heap:
            yield state, heap[slot]
            return
        options = [None, ("new", cls)] + [o for o in objects if o[0] == cls]
        for option in options:
            s = {"heap": dict(heap), "objects": list(objects)}
            if option == ("new", cls):
                option = (cls, len(objects))
                s["objects"].append(option)
            s["heap"][slot] = option
            yield s, option

    # The program as a generator of (state, letters, outcome) with continuation-passing over choices.
    def contains(state, letters, root, val, then):
        def loop(state, letters, node, searching, iterations):
            if not searching:
                yield from then(state, letters + "F", False if state.get("found") is None else state["found"])
                return
            letters += "T"
            if iterations >= bound:
                yield letters, "bound"
                return
            if node is None:
                yield letters + "E", "nil-dereference"
                return
            for s, elem in choices(state, (node, "elem"), "Data"):
                if elem == val:
                    s = dict(s, found=True)
                    yield from loop(s, letters + "DT", node, False, iterations + 1)
                    continue
                for s2, nxt in choices(s, (node, "next"), "LLNode"):
                    if nxt is None:
                        yield from loop(s2, letters + "DFDT", node, False, iterations + 1)
                    else:
                        yield from loop(s2, letters + "DFDFD", nxt, True, iterations + 1)
        yield from loop(dict(state, found=False), letters, root, True, 0)

    def call(k, state, letters):
        for s, head in choices(state, ("global", "head"), "LLNode"):
            for s2, data in choices(s, ("global", f"data{k}"), "Data"):
                def after(s3, letters3, found):
                    if k == items - 1:
                        yield letters3, "normal"
                    elif found:
                        yield from call(k + 1, s3, letters3 + "T")
                    else:
                        yield letters3 + "F", "normal"
                yield from contains(s2, letters, head, data, after)

    yield from call(0, {"heap": {}, "objects": []}, "")


def main():
    items, bound = int(sys.argv[1]), int(sys.argv[2])
    runs = list(leaves(items, bound))
    sequences = sorted(set(runs))
    print(json.dumps({"loop_bound": bound, "sequences": [list(s) for s in sequences],
                      "summary_leaves": len(sequences), "lazy_leaves": len(runs)}))


if __name__ == "__main__":
    main()
