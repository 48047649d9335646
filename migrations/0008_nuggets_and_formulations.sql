-- Version 8: reference nuggets per query (METHODS.md §7) and samples asked in two or three
-- formulations (§10). Both are reference data of the project, like the gold articles.

-- The facts a good article for a query states, each vital or okay, in the file's order.
CREATE TABLE nuggets (
    query    TEXT NOT NULL CHECK (length(trim(query)) > 0),
    nugget   TEXT NOT NULL CHECK (length(trim(nugget)) > 0),
    position INTEGER NOT NULL CHECK (position >= 0),
    vital    INTEGER NOT NULL CHECK (vital IN (0, 1)),
    text     TEXT NOT NULL CHECK (length(trim(text)) > 0),
    PRIMARY KEY (query, nugget)
) WITHOUT ROWID;

-- One sample under one formulation: the question as asked, the metric it scored (in [0, 1])
-- and the answers returned (JSON list), in the file's order.
CREATE TABLE formulations (
    sample      TEXT NOT NULL CHECK (length(trim(sample)) > 0),
    formulation TEXT NOT NULL CHECK (length(trim(formulation)) > 0),
    position    INTEGER NOT NULL CHECK (position >= 0),
    question    TEXT NOT NULL,
    score       REAL NOT NULL CHECK (score BETWEEN 0 AND 1),
    answers     TEXT CHECK (answers IS NULL OR json_valid(answers)),
    PRIMARY KEY (sample, formulation)
) WITHOUT ROWID;
