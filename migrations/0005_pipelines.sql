-- Version 5: built-in pipelines. A system of kind 'pipeline' answers with a retriever and a
-- reader run on this machine; its configuration (JSON: retriever, reader, top_k) lives here.

CREATE TABLE pipelines (
    system_id INTEGER PRIMARY KEY REFERENCES systems(id) ON DELETE CASCADE,
    config    TEXT NOT NULL CHECK (json_valid(config))
);
