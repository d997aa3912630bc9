#!/usr/bin/env python3
"""Writes a class of students' answers files for the whole lab corpus/labs, made of the lab's own
goldens and wrong answers: student k answers every exercise with its golden.json, except that on
about two exercises in five (a fixed pattern, different per student) the exercise's wrong.json
answer replaces the golden one for its question.

Usage: class_of_students.py LABS_DIR OUT_DIR [STUDENTS]   (default 40 students)

Then, for instance: symref grade corpus/labs OUT_DIR --jobs 2 --format csv --summary"""
import json
import pathlib
import sys

labs = pathlib.Path(sys.argv[1])
out = pathlib.Path(sys.argv[2])
students = int(sys.argv[3]) if len(sys.argv) > 3 else 40
exercises = sorted(p.parent for p in labs.rglob("exercise.json"))
out.mkdir(parents=True, exist_ok=True)
for k in range(students):
    answers = {"student": f"student-{k + 1:02d}"}
    for i, exercise in enumerate(exercises):
        golden = json.loads((exercise / "golden.json").read_text())
        golden.pop("comment", None)
        if (7 * k + 3 * i) % 5 < 2:
            wrong = json.loads((exercise / "wrong.json").read_text())
            wrong.pop("comment", None)
            golden.update(wrong)
        answers[exercise.relative_to(labs).as_posix()] = golden
    (out / f"student-{k + 1:02d}.json").write_text(json.dumps(answers, indent=2) + "\n")
