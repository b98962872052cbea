ALTER TABLE `leagues` ADD `season_ends_at` integer;--> statement-breakpoint
ALTER TABLE `seasons` ADD `ends_at` integer;