"""Rule families, one module each; every effect names the clause it implements."""
