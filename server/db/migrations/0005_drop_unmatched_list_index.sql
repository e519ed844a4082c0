-- permits_user_created_idx (0002) is DESC NULLS LAST, which the newest-first list cannot use;
-- 0004's permits_user_newest_idx serves it.
DROP INDEX "permits_user_created_idx";