-- Version 7: vendors' systems over HTTP. An endpoint system's configuration (JSON: request
-- template, headers that name where their secrets are read — never a secret —, reply paths,
-- limits, price) lives here.
CREATE TABLE endpoints (
    system_id INTEGER PRIMARY KEY REFERENCES systems(id) ON DELETE CASCADE,
    config    TEXT NOT NULL CHECK (json_valid(config))
);

-- The exchange behind each response of an endpoint system: the request as sent (secrets
-- masked), the raw reply (capped), its status, the attempts, the time with retries, the token
-- usage and the evidence returned (JSON list of {id, text}). Deleting the response (a retry)
-- deletes it.
CREATE TABLE exchanges (
    run_id            INTEGER NOT NULL,
    question_id       INTEGER NOT NULL,
    request           TEXT NOT NULL,
    status            INTEGER,
    reply             TEXT,
    reply_bytes       INTEGER NOT NULL DEFAULT 0 CHECK (reply_bytes >= 0),
    total_ms          REAL NOT NULL CHECK (total_ms >= 0),
    attempts          INTEGER NOT NULL CHECK (attempts >= 1),
    prompt_tokens     INTEGER CHECK (prompt_tokens IS NULL OR prompt_tokens >= 0),
    completion_tokens INTEGER CHECK (completion_tokens IS NULL OR completion_tokens >= 0),
    evidence          TEXT CHECK (evidence IS NULL OR json_valid(evidence)),
    at                TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (run_id, question_id),
    FOREIGN KEY (run_id, question_id) REFERENCES responses (run_id, question_id) ON DELETE CASCADE
) WITHOUT ROWID;

-- EXAM mode: the exchange behind each query's article (or its error: then no article).
CREATE TABLE article_exchanges (
    system_id         INTEGER NOT NULL REFERENCES systems(id) ON DELETE CASCADE,
    query             TEXT NOT NULL,
    request           TEXT NOT NULL,
    status            INTEGER,
    reply             TEXT,
    reply_bytes       INTEGER NOT NULL DEFAULT 0 CHECK (reply_bytes >= 0),
    latency_ms        REAL NOT NULL CHECK (latency_ms >= 0),
    total_ms          REAL NOT NULL CHECK (total_ms >= 0),
    attempts          INTEGER NOT NULL CHECK (attempts >= 1),
    prompt_tokens     INTEGER CHECK (prompt_tokens IS NULL OR prompt_tokens >= 0),
    completion_tokens INTEGER CHECK (completion_tokens IS NULL OR completion_tokens >= 0),
    evidence          TEXT CHECK (evidence IS NULL OR json_valid(evidence)),
    error             TEXT,
    at                TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (system_id, query)
) WITHOUT ROWID;
