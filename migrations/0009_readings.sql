-- Version 9: how each reply was read (METHODS.md §13), the readings people made by hand, and
-- open-answer sittings.
--
-- responses.reading is the reading (JSON): a choice and how it was read (letter, text, model
-- with its margin, by hand), no answer and why, or "needs a look" with the choices it names. A
-- reply that needs a look is stored as outcome 'unanswered' with such a reading; NULL where no
-- reply was read (errors, answers older than this version).
ALTER TABLE responses ADD COLUMN reading TEXT CHECK (reading IS NULL OR json_valid(reading));

-- A person's reading of one reply of one system to one question, kept apart from the sittings so
-- that it survives re-grading, re-importing the same reply and carrying answers over to a new
-- exam version: it applies wherever the same system gave the same reply to a question with the
-- same stem and choices. `original` is the automatic reading it replaced.
CREATE TABLE hand_readings (
    system_id INTEGER NOT NULL REFERENCES systems(id) ON DELETE CASCADE,
    question  TEXT NOT NULL CHECK (json_valid(question)),
    reply     TEXT NOT NULL,
    reading   TEXT NOT NULL CHECK (json_valid(reading)),
    original  TEXT CHECK (original IS NULL OR json_valid(original)),
    reason    TEXT,
    at        TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (system_id, question, reply)
) WITHOUT ROWID;

-- An open-answer sitting: the system was asked without the choices, and the local reader named
-- here answered each question from the free answer alone. `open_ceiling` is that reader's
-- accuracy given each question's own source passage instead (what it can read at best), over
-- the questions it graded. NULL for every other sitting.
ALTER TABLE runs ADD COLUMN open_reader TEXT CHECK (open_reader IS NULL OR length(trim(open_reader)) > 0);
ALTER TABLE runs ADD COLUMN open_ceiling REAL CHECK (open_ceiling IS NULL OR (open_ceiling >= 0 AND open_ceiling <= 1));
