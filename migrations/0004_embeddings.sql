-- Version 4: what ingest computes from the corpus. Chunk embeddings are cached by the model
-- that made them and the SHA-256 of the text, so re-chunking or a second run only embeds new
-- text, and an interrupted ingest resumes where it stopped.

CREATE TABLE embeddings (
    model     TEXT NOT NULL CHECK (length(model) > 0),
    text_hash TEXT NOT NULL CHECK (length(text_hash) = 64),
    dimension INTEGER NOT NULL CHECK (dimension > 0),
    vector    BLOB NOT NULL CHECK (length(vector) = 4 * dimension),
    PRIMARY KEY (model, text_hash)
) WITHOUT ROWID;
