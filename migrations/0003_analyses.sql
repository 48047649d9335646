-- Version 3: results of analyses (IRT fits, iterative exam improvement), kept with the exam
-- version they describe, so a result can be shown again, exported or compared with a later one.

CREATE TABLE analyses (
    id              INTEGER PRIMARY KEY,
    exam_version_id INTEGER NOT NULL REFERENCES exam_versions(id) ON DELETE CASCADE,
    kind            TEXT NOT NULL CHECK (kind IN ('irt_fit', 'irt_improvement')),
    settings        TEXT NOT NULL CHECK (json_valid(settings)),
    result          TEXT NOT NULL CHECK (json_valid(result)),
    created_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);

CREATE INDEX analyses_by_version ON analyses (exam_version_id, kind, id);
