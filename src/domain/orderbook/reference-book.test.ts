import { createReferenceBook } from './reference-book.js';
import { orderBookContract } from './test-support/contract.js';

orderBookContract('ReferenceBook', createReferenceBook);
