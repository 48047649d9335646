-- Version 10: how many lines of each document's navigation and repeated page furniture were set
-- aside when it was imported (METHODS.md §5, page furniture), shown on the Documents page.
ALTER TABLE documents ADD COLUMN set_aside INTEGER NOT NULL DEFAULT 0 CHECK (set_aside >= 0);
