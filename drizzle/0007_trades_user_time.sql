DROP INDEX `trades_buyer`;--> statement-breakpoint
DROP INDEX `trades_seller`;--> statement-breakpoint
CREATE INDEX `trades_buyer_time` ON `trades` (`buyer_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `trades_seller_time` ON `trades` (`seller_id`,`created_at`);