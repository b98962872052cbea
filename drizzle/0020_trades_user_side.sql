DROP INDEX `trades_buyer_time`;--> statement-breakpoint
DROP INDEX `trades_seller_time`;--> statement-breakpoint
CREATE INDEX `trades_buyer_time` ON `trades` (`buyer_id`,`created_at`,`id`,`instrument`,`instrument_id`,`shares`,`price_cents`);--> statement-breakpoint
CREATE INDEX `trades_seller_time` ON `trades` (`seller_id`,`created_at`,`id`,`instrument`,`instrument_id`,`shares`,`price_cents`,`buyer_id`);