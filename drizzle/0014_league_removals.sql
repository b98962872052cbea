CREATE TABLE `league_removals` (
	`league_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`removed_at` integer NOT NULL,
	`removed_by` integer,
	PRIMARY KEY(`league_id`, `user_id`),
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`removed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT OR IGNORE INTO `league_removals` (`league_id`, `user_id`, `removed_at`, `removed_by`)
SELECT CAST(json_extract(a.`details`, '$.leagueId') AS INTEGER), CAST(json_extract(a.`details`, '$.userId') AS INTEGER), MAX(a.`created_at`), a.`actor_id`
FROM `audit_log` a
WHERE a.`action` = 'league.remove-member'
  AND EXISTS (SELECT 1 FROM `leagues` l WHERE l.`id` = CAST(json_extract(a.`details`, '$.leagueId') AS INTEGER))
  AND EXISTS (SELECT 1 FROM `users` u WHERE u.`id` = CAST(json_extract(a.`details`, '$.userId') AS INTEGER))
  AND NOT EXISTS (
    SELECT 1 FROM `league_members` m
    WHERE m.`league_id` = CAST(json_extract(a.`details`, '$.leagueId') AS INTEGER) AND m.`user_id` = CAST(json_extract(a.`details`, '$.userId') AS INTEGER)
  )
GROUP BY 1, 2;
