"""Validation of JSON documents against the schemas of docs/schema/ (Draft 2020-12), with the
references between schema files resolved locally (nothing is fetched)."""
import glob
import json
import os

import jsonschema  # Debian: python3-jsonschema


def load_schemas(source_root):
    schemas = {}
    for path in glob.glob(os.path.join(source_root, "docs", "schema", "*.schema.json")):
        with open(path, encoding="utf-8") as f:
            schema = json.load(f)
        # Known by its file name, and by its $id when it has one (references may use either).
        schemas[os.path.basename(path)] = schema
        if "$id" in schema:
            schemas[schema["$id"]] = schema
    return schemas


def validator(schemas, name):
    schema = schemas[name + ".schema.json"]
    try:
        from referencing import Registry, Resource  # jsonschema >= 4.18
        registry = Registry().with_resources(
            (uri, Resource.from_contents(contents)) for uri, contents in schemas.items())
        return jsonschema.Draft202012Validator(schema, registry=registry)
    except ImportError:  # Debian 12's jsonschema 4.10
        resolver = jsonschema.RefResolver(base_uri=schema.get("$id", name + ".schema.json"), referrer=schema,
                                          store=dict(schemas))
        return jsonschema.Draft202012Validator(schema, resolver=resolver)


def validate(document, schemas, name):
    """Raises jsonschema.ValidationError (the first error, with its path) when invalid."""
    v = validator(schemas, name)
    errors = sorted(v.iter_errors(document), key=lambda e: list(e.absolute_path))
    if errors:
        error = errors[0]
        where = "/".join(str(p) for p in error.absolute_path)
        raise jsonschema.ValidationError("at /%s: %s" % (where, error.message))
