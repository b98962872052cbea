CREATE TABLE `league_members` (
	`league_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`joined_at` integer NOT NULL,
	PRIMARY KEY(`league_id`, `user_id`),
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `league_members_user` ON `league_members` (`user_id`);--> statement-breakpoint
CREATE TABLE `leagues` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`invite_code` text NOT NULL,
	`starting_cash_cents` integer NOT NULL,
	`open` integer DEFAULT false NOT NULL,
	`commissioner_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`commissioner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "leagues_starting_cash_positive" CHECK("leagues"."starting_cash_cents" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `leagues_slug` ON `leagues` (`slug`);--> statement-breakpoint
CREATE UNIQUE INDEX `leagues_invite_code` ON `leagues` (`invite_code`);--> statement-breakpoint
ALTER TABLE `sessions` ADD `current_league_id` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `left_at` integer;