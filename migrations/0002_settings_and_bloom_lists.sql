-- Version 2: per-project settings, editable Bloom keyword lists, and the import log.

CREATE TABLE settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

-- The Bloom keyword lists of METHODS.md §4, which the user may edit per project.
CREATE TABLE bloom_keywords (
    level   TEXT NOT NULL CHECK (level IN ('Remembering', 'Understanding', 'Applying',
                                           'Analyzing', 'Evaluating', 'Creating')),
    keyword TEXT NOT NULL CHECK (keyword = lower(trim(keyword)) AND length(keyword) > 0),
    PRIMARY KEY (level, keyword)
);

INSERT INTO bloom_keywords (level, keyword)
SELECT 'Remembering', value FROM json_each('["list","identify","name","define","state","mention","recall","label","repeat","recognize"]')
UNION ALL
SELECT 'Understanding', value FROM json_each('["explain","describe","summarize","predict","interpret","paraphrase","translate","illustrate","rephrase","clarify","check","find","experience","suspect","review","notice","assume","interact","observe","understand"]')
UNION ALL
SELECT 'Applying', value FROM json_each('["demonstrate","apply","use","write","illustrate","solve","show","execute","implement","operate","practice","set","configure","try","follow","take","run","serve","task","read","work","enable","exist"]')
UNION ALL
SELECT 'Analyzing', value FROM json_each('["analyze","distinguish","compare","differentiate","examine","test","question","inspect","debate","investigate","manage","optimize","troubleshoot","resolve"]')
UNION ALL
SELECT 'Evaluating', value FROM json_each('["evaluate","rate","justify","critique","decide","rank","measure","validate","assess","choose","verify","monitor","recommend"]')
UNION ALL
SELECT 'Creating', value FROM json_each('["design","construct","produce","invent","devise","formulate","originate","assemble","generate","create","develop","compose","build","customize"]');

-- What each import brought in, so the user can see and explain it later.
CREATE TABLE imports (
    id          INTEGER PRIMARY KEY,
    kind        TEXT NOT NULL,
    source_path TEXT NOT NULL,
    rows        INTEGER NOT NULL,
    report      TEXT NOT NULL CHECK (json_valid(report)),
    imported_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
