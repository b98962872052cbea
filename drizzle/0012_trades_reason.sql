ALTER TABLE `trades` ADD `reason` text;--> statement-breakpoint
CREATE INDEX `trades_retirement` ON `trades` (`instrument_id`,"shares" DESC,`seller_id`) WHERE reason = 'retirement';--> statement-breakpoint
-- The buy-backs of players retired before this version: the open market's trades of a retired player at his retirement (none can follow it).
UPDATE `trades` SET `reason` = 'retirement'
WHERE `instrument` = 'player' AND `buyer_id` IS NULL AND `seller_id` IS NOT NULL
  AND EXISTS (SELECT 1 FROM `players` p WHERE p.`id` = `trades`.`instrument_id` AND p.`retired_at` IS NOT NULL AND `trades`.`created_at` >= p.`retired_at`);
