/**
 * The review page's only script (inlined with a CSP nonce, ~1.5 KB): swaps the comment label for the
 * rating's private-feedback message, validates in French, submits with fetch, then shows the
 * thank-you block (the postponement's form and message go: a review answers the request) or
 * follows the redirect. Without it the form posts and the server answers.
 */
export const REVIEW_PAGE_SCRIPT = `(function(){
var d=JSON.parse(document.getElementById('review-data').textContent);
var f=document.getElementById('review'),msg=document.getElementById('msg'),btn=document.getElementById('submit'),lab=document.getElementById('comment-label');
if(!f)return;f.setAttribute('novalidate','');var label=btn.textContent;
f.addEventListener('change',function(ev){var t=ev.target;if(t.name!=='rating')return;var fb=d.feedback[t.value];lab.textContent=fb||d.labels.comment;});
f.addEventListener('submit',function(ev){ev.preventDefault();msg.textContent='';
var r=f.querySelector('input[name=rating]:checked');
if(!r){msg.textContent=d.labels.ratingRequired;f.querySelector('input[name=rating]').focus();return;}
var n=f.elements.name.value.trim(),m=f.elements.email.value.trim();
if(!n||!m){msg.textContent=d.labels.nameEmailRequired;(n?f.elements.email:f.elements.name).focus();return;}
btn.disabled=true;btn.textContent=d.labels.sending;
fetch(f.action,{method:'POST',headers:{'Accept':'application/json','Content-Type':'application/x-www-form-urlencoded'},body:new URLSearchParams(new FormData(f)).toString()})
.then(function(res){return res.json().catch(function(){return {};}).then(function(b){return {ok:res.ok,b:b};});})
.then(function(x){
if(x.ok&&x.b.next==='redirect'){window.location.assign(x.b.url);return;}
if(x.ok&&x.b.html||x.b.html){var c=f.parentNode;f.remove();var w=document.createElement('div');w.innerHTML=x.b.html;c.appendChild(w);var h=document.getElementById('done-title');if(h)h.focus();var i=c.querySelector('.intro');if(i)i.remove();c.querySelectorAll('.later,.status').forEach(function(n){n.remove();});var t=c.querySelector('h1');if(t&&t.id!=='done-title')t.remove();return;}
msg.textContent=x.b.error||d.labels.submitError;btn.disabled=false;btn.textContent=label;})
.catch(function(){msg.textContent=d.labels.submitError;btn.disabled=false;btn.textContent=label;});
});})();`;
