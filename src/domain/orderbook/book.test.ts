import { createOrderBook } from './book.js';
import { orderBookContract } from './test-support/contract.js';

orderBookContract('FastBook', createOrderBook);
