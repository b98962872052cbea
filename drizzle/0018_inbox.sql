CREATE TABLE `inbox_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`data` text NOT NULL,
	`created_at` integer NOT NULL,
	`read_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `inbox_entries_user` ON `inbox_entries` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `inbox_entries_unread` ON `inbox_entries` (`user_id`,`id`) WHERE read_at IS NULL;--> statement-breakpoint
CREATE INDEX `inbox_entries_time` ON `inbox_entries` (`created_at`);--> statement-breakpoint
CREATE TABLE `inbox_unread` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`unread` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "inbox_unread_nonnegative" CHECK("inbox_unread"."unread" >= 0)
);
--> statement-breakpoint
ALTER TABLE `trades` ADD `realized_cents` integer;