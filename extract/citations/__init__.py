"""Citations of CR rules, read where people write them: MTG Wiki pages
(:mod:`~mtgcr.extract.citations.wiki`) and the source trees of rules engines — the files of a
tree (:mod:`~mtgcr.extract.citations.tree`), their comments and docs
(:mod:`~mtgcr.extract.citations.comments`) and the citations in them
(:mod:`~mtgcr.extract.citations.source`)."""
