"""Documents, search backends, knowledge packs, dataset importers, networks from documents."""
