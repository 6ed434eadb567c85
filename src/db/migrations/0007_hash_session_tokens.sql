-- Session tokens are stored as SHA-256 hashes (src/server/auth/hashed-session-tokens.ts): convert the
-- ones stored in clear, so signed-in merchants stay signed in and no live token stays in the table.
UPDATE "session" SET "token" = 'sha256:' || encode(sha256(convert_to("token", 'UTF8')), 'hex')
WHERE "token" NOT LIKE 'sha256:%';
