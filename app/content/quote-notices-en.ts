/**
 * The Texas notices in English, as a fresh install offers them (ADR 067). Each follows the wording
 * of the statute it names as closely as we know it, written without access to the current code: a
 * starting point for the contractor's attorney, never legal advice. Placeholders in braces are
 * filled by app/server/quotes/notices.server.ts; paragraphs are separated by a blank line.
 */
import type { NoticeTemplateId } from "#app/schemas/quote-notices.ts";

export const englishNotices: Record<NoticeTemplateId, { title: string; body: string }> = {
  // Tex. Prop. Code §53.255: delivered to the owner before the contract is signed.
  disclosure: {
    title: "KNOW YOUR RIGHTS AND RESPONSIBILITIES UNDER THE LAW",
    body: `You are about to enter into a transaction to build a new home or remodel existing residential property. Texas law requires your contractor to provide you with this brief overview of some of your rights, responsibilities, and risks in this transaction.

CONVEYANCE TO CONTRACTOR NOT REQUIRED
Your contractor may not require you to convey your real property to your contractor as a condition to the agreement for the construction of improvements on your property.

KNOW YOUR CONTRACTOR
Before you enter into your agreement for the construction of improvements to your real property, make sure that you have investigated your contractor. Obtain and verify references from other people who have used the contractor for the type and size of construction project described in your agreement.

GET IT IN WRITING
Make sure that you have a written agreement with your contractor that includes: (1) a description of the work the contractor is to perform; (2) the required or estimated time for completion of the work; (3) the cost of the work or how the cost will be determined; and (4) the procedure and method of payment, including provisions for statutory retainage and conditions for final payment.

If your contractor made a promise, warranty, or representation to you concerning the work the contractor is to perform, make sure that promise, warranty, or representation is specified in the written agreement. An oral promise that is not included in the written agreement may not be enforceable under Texas law.

READ BEFORE YOU SIGN
Do not sign any document before you have read and understood it. NEVER SIGN A DOCUMENT THAT INCLUDES AN UNTRUE STATEMENT. Take your time in reviewing documents. If you borrow money from a lender to pay for the improvements, you are entitled to have the loan closing documents furnished to you for review at least one business day before the closing. Do not waive this right unless a bona fide emergency or another good cause exists, and make sure you understand the documents before you sign them. If you fail to comply with the terms of the documents, you could lose your property. You are entitled to have your own attorney review any documents. If you have any question about the meaning of a document, consult an attorney.

GET A LIST OF SUBCONTRACTORS AND SUPPLIERS
Before construction commences, you should obtain from your contractor a list of the subcontractors and suppliers the contractor intends to use on your project. Your contractor is required by law to supplement the list if additional subcontractors or suppliers are used on your project.

RETAINAGE AND PAYMENT
Texas law may require you to withhold part of each payment for a period after the work is completed so that subcontractors and suppliers who are not paid can be paid from it. Before you make a payment, ask your contractor and, if you are unsure, an attorney, what you must withhold and for how long.

IF YOU RECEIVE A NOTICE OF NONPAYMENT
A subcontractor or supplier who has not been paid may send you a notice. If you receive one, you may have to withhold from your contractor the amount claimed until the claim is resolved. Do not ignore such a notice.

GET A FINAL BILLS-PAID AFFIDAVIT
At the time of final payment, ask your contractor for a sworn statement that all bills for labor and materials on your project have been paid, and keep it with this contract.

This statement is a brief overview and is not a complete statement of your rights. If you have questions, consult an attorney.`,
  },
  // Tex. Prop. Code §53.256, when the quote lists them.
  subcontractors: {
    title: "LIST OF SUBCONTRACTORS AND SUPPLIERS",
    body: `{business_name} intends to use the following subcontractors and suppliers on your project. This list gives the name and address of each of them, as Texas Property Code §53.256 requires.

{subcontractor_list}

If {business_name} adds a subcontractor or supplier to your project, it will give you an updated list.`,
  },
  // Tex. Prop. Code §53.256, when the owner waives the list.
  "subcontractors-waiver": {
    title: "WAIVER OF THE LIST OF SUBCONTRACTORS AND SUPPLIERS",
    body: `Texas Property Code §53.256 gives you, the owner, the right to receive from {business_name} a list of the names and addresses of the subcontractors and suppliers it intends to use on your project.

By signing this contract, you waive your right to receive that list.`,
  },
  // Tex. Prop. Code §41.007: at least 10-point bold, next to the owner's signature line.
  homestead: {
    title: "IMPORTANT NOTICE",
    body: "You and your contractor are responsible for meeting the terms and conditions of this contract. If you sign this contract and you fail to meet the terms and conditions of this contract, you may lose your legal ownership rights in your home. KNOW YOUR RIGHTS AND DUTIES UNDER THE LAW.",
  },
  // Tex. Bus. & Com. Code §601.052: boldface, at least 10 points, next to the buyer's signature.
  cancellation: {
    title: "YOUR RIGHT TO CANCEL",
    body: "YOU, THE BUYER, MAY CANCEL THIS TRANSACTION AT ANY TIME BEFORE MIDNIGHT OF THE THIRD BUSINESS DAY AFTER THE DATE OF THIS TRANSACTION. SEE THE ATTACHED NOTICE OF CANCELLATION FORM FOR AN EXPLANATION OF THIS RIGHT.",
  },
  // Tex. Bus. & Com. Code §601.053: attached to the contract, easy to detach, boldface of at least 10 points.
  "cancellation-form": {
    title: "NOTICE OF CANCELLATION",
    body: `Date of transaction: {transaction_date}

YOU MAY CANCEL THIS TRANSACTION, WITHOUT ANY PENALTY OR OBLIGATION, WITHIN THREE BUSINESS DAYS FROM THE ABOVE DATE.

IF YOU CANCEL, ANY PROPERTY TRADED IN, ANY PAYMENTS MADE BY YOU UNDER THE CONTRACT OR SALE, AND ANY NEGOTIABLE INSTRUMENT EXECUTED BY YOU WILL BE RETURNED WITHIN 10 BUSINESS DAYS FOLLOWING RECEIPT BY THE MERCHANT OF YOUR CANCELLATION NOTICE, AND ANY SECURITY INTEREST ARISING OUT OF THE TRANSACTION WILL BE CANCELED.

IF YOU CANCEL, YOU MUST MAKE AVAILABLE TO THE MERCHANT AT YOUR RESIDENCE, IN SUBSTANTIALLY AS GOOD CONDITION AS WHEN RECEIVED, ANY GOODS DELIVERED TO YOU UNDER THIS CONTRACT OR SALE; OR YOU MAY, IF YOU WISH, COMPLY WITH THE INSTRUCTIONS OF THE MERCHANT REGARDING THE RETURN SHIPMENT OF THE GOODS AT THE MERCHANT'S EXPENSE AND RISK.

IF YOU DO MAKE THE GOODS AVAILABLE TO THE MERCHANT AND THE MERCHANT DOES NOT PICK THEM UP WITHIN 20 DAYS OF THE DATE OF YOUR NOTICE OF CANCELLATION, YOU MAY RETAIN OR DISPOSE OF THE GOODS WITHOUT ANY FURTHER OBLIGATION. IF YOU FAIL TO MAKE THE GOODS AVAILABLE TO THE MERCHANT, OR IF YOU AGREE TO RETURN THE GOODS TO THE MERCHANT AND FAIL TO DO SO, THEN YOU REMAIN LIABLE FOR PERFORMANCE OF ALL OBLIGATIONS UNDER THE CONTRACT.

TO CANCEL THIS TRANSACTION, MAIL OR DELIVER A SIGNED AND DATED COPY OF THIS CANCELLATION NOTICE OR ANY OTHER WRITTEN NOTICE, OR SEND A TELEGRAM, TO {business_name}, AT {business_address}, NOT LATER THAN MIDNIGHT OF {cancel_by_date}.

I HEREBY CANCEL THIS TRANSACTION.

Date: ____________________

Buyer's signature: ____________________`,
  },
};
