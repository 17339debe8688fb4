"""Knowledge packs: versioned bundles of hypotheses, findings, links, red flags and documents.

- ``schema``: the pack format as a JSON Schema (published as docs/knowledge-pack.schema.json)
- ``validate``: reading pack files/directories and validating them (file, field, reason)
- ``passages``: how documents split into the passages citations point at
- ``store``: import/export between pack files, the database and the search index;
  ``load_network(pack)`` for the conversation service
- ``importers``: the example packs built from FloDial and DDXPlus

See docs/knowledge-packs.md.
"""
