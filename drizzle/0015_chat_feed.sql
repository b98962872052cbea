CREATE TABLE `chat_mutes` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`muted_by` integer NOT NULL,
	`muted_at` integer NOT NULL,
	`until` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `chat_reads` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`last_read_id` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `feed_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`user_id` integer,
	`text` text NOT NULL,
	`data` text,
	`created_at` integer NOT NULL,
	`deleted_at` integer,
	`deleted_by` integer,
	`moment_key` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "feed_items_text_length" CHECK(length("feed_items"."text") <= 4000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `feed_items_moment_key` ON `feed_items` (`moment_key`) WHERE moment_key IS NOT NULL;--> statement-breakpoint
CREATE TABLE `feed_reactions` (
	`item_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`emoji` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`item_id`, `user_id`, `emoji`),
	FOREIGN KEY (`item_id`) REFERENCES `feed_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
